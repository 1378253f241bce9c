/** What other modules use of the gift cards module. */
export {
  creditRedemptions,
  debitGiftCard,
  findGiftCards,
  issueGiftCards,
  voidIssuedGiftCards,
} from './gift-card-queries.ts';
export { registerGiftCardPage } from './gift-card-page.ts';
