/** Where the full-page cart lives: the server's route, the no-JS forms' way back, the island's re-read. */
export const CART_PAGE_PATH = '/cart';
