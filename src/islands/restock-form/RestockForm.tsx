/**
 * The restock sign-up form of a product page (docs/behaviour/restock.md#the-restock-form).
 *
 * Without JavaScript it is a plain form posting to /commerce/restock-signup (its crumb field is
 * the template's, joined by the form's id): it shows when the
 * page was rendered with a sold-out variant, and asks which sold-out variant when there are
 * several. With JavaScript it follows the product form: shown only while the chosen variant is
 * sold out (the 'vitrine:variant-change' event on `document`), hidden while no variant is
 * chosen. It checks the email ('Email cannot be blank', 'Email is invalid') and the captcha
 * ('Complete CAPTCHA before submitting.') before calling the JSON sign-up; a sign-up replaces
 * the form with the success message and destroys the captcha, a refusal shows the server's
 * message and resets the captcha.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  RESTOCK_FORM_ANCHOR,
  RESTOCK_FORM_PATH,
  RESTOCK_SIGNED_UP_ANCHOR,
  RESTOCK_SIGNUP_API_PATH,
  restockFormId,
} from '../../shared/restock/form-post.ts';
import type { RestockFormProps } from '../../shared/restock/form-props.ts';
import { checkRestockEmail } from '../../shared/restock/email.ts';
import { restockSignupOutcome } from '../../shared/restock/signup-answer.ts';
import {
  latestVariantChange,
  readVariantChange,
  VARIANT_CHANGE_EVENT,
} from '../../shared/restock/variant-change.ts';
import { postJson } from '../extra-fields/post-json.ts';
import { loadRestockCaptcha, type CaptchaLoader, type RestockCaptchaWidget } from './captcha.ts';

export interface RestockFormIslandProps extends RestockFormProps {
  /** Renders the captcha widget; tests give their own. */
  readonly loadCaptcha?: CaptchaLoader;
}

interface Selection {
  readonly variantId: string;
  readonly soldOut: boolean;
}

type Phase = 'idle' | 'submitting' | 'done';

/** The variant chosen before any event: the only one, or the page URL's `?variant=`. */
function initialSelection(props: RestockFormProps): Selection | null {
  const soldOut = (id: string) => props.soldOutVariants.some((variant) => variant.id === id);
  if (props.onlyVariantId !== null)
    return { variantId: props.onlyVariantId, soldOut: soldOut(props.onlyVariantId) };
  const fromUrl = new URLSearchParams(window.location.search).get('variant');
  return fromUrl !== null && soldOut(fromUrl) ? { variantId: fromUrl, soldOut: true } : null;
}

export default function RestockForm({
  loadCaptcha = loadRestockCaptcha,
  ...props
}: RestockFormIslandProps) {
  const { itemId, soldOutVariants, messages, captcha } = props;
  const baseId = useId();
  const emailId = `${baseId}-email`;
  const errorId = `${baseId}-error`;
  // Before hydration finishes the markup is the server's: the form as it works without script.
  const [scripted, setScripted] = useState(false);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | undefined>(undefined);
  const captchaNode = useRef<HTMLDivElement>(null);
  const widget = useRef<RestockCaptchaWidget | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  // The event handler compares against the latest choice without re-subscribing.
  const selectionRef = useRef<Selection | null>(null);

  useEffect(() => {
    // Hydrated when the page is idle: the product form may have announced a choice before.
    const announced = latestVariantChange(itemId);
    const first = announced
      ? announced.variantId === null
        ? null
        : { variantId: announced.variantId, soldOut: announced.soldOut }
      : initialSelection(props);
    selectionRef.current = first;
    setSelection(first);
    setScripted(true);
    const onChange = (event: Event) => {
      const detail = readVariantChange((event as CustomEvent<unknown>).detail);
      if (detail?.itemId !== itemId) return;
      if (selectionRef.current?.variantId !== detail.variantId) {
        // Another variant: a fresh form, whatever happened with the last one.
        setError(undefined);
        setPhase('idle');
      }
      const next =
        detail.variantId === null ? null : { variantId: detail.variantId, soldOut: detail.soldOut };
      selectionRef.current = next;
      setSelection(next);
    };
    document.addEventListener(VARIANT_CHANGE_EVENT, onChange);
    return () => document.removeEventListener(VARIANT_CHANGE_EVENT, onChange);
    // The props are the server's and never change for this island.
  }, []);

  const visible = scripted ? selection?.soldOut === true : soldOutVariants.length > 0;
  const showForm = phase !== 'done';

  // The captcha renders once the form is first shown, not on every product page load; one
  // load at a time, so a quick hide-and-show never renders two widgets into one node.
  const loadingCaptcha = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    const node = captchaNode.current;
    if (!scripted || !visible || !showForm || captcha === null || !node) return;
    if (widget.current || loadingCaptcha.current) return;
    loadingCaptcha.current = true;
    void loadCaptcha(node, captcha).then((loaded) => {
      loadingCaptcha.current = false;
      if (mounted.current) widget.current = loaded;
      else loaded.destroy();
    });
  }, [scripted, visible, showForm, captcha, loadCaptcha]);

  function destroyCaptcha(): void {
    widget.current?.destroy();
    widget.current = null;
  }

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      destroyCaptcha();
    };
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    if (!scripted) return;
    event.preventDefault();
    if (phase === 'submitting' || selection === null) return;
    const data = new FormData(event.currentTarget);
    const typed = data.get('siteVisitorEmail');
    const email = checkRestockEmail(typed);
    if (!email.ok) {
      setError(email.reason === 'blank' ? messages.emailBlank : messages.emailInvalid);
      emailInput.current?.focus();
      return;
    }
    let captchaToken: string | undefined;
    if (captcha !== null) {
      captchaToken = widget.current?.response();
      if (captchaToken === undefined || captchaToken === '') {
        setError(messages.captchaIncomplete);
        return;
      }
    }
    setError(undefined);
    setPhase('submitting');
    const answer = await postJson(RESTOCK_SIGNUP_API_PATH, {
      productId: itemId,
      variantId: selection.variantId,
      siteVisitorEmail: typeof typed === 'string' ? typed : '',
      isJoinMailingList: data.get('isJoinMailingList') === 'true',
      ...(captchaToken === undefined ? {} : { captchaToken }),
    });
    const outcome = restockSignupOutcome(answer.status, answer.body);
    if (outcome.ok) {
      destroyCaptcha();
      setPhase('done');
      return;
    }
    setError(outcome.message);
    widget.current?.reset();
    setPhase('idle');
  }

  const headingId = `${baseId}-heading`;
  const chooseVariant = !scripted && soldOutVariants.length > 1;
  const variantId = scripted ? selection?.variantId : soldOutVariants[0]?.id;
  return (
    <section
      id={RESTOCK_FORM_ANCHOR}
      className="restock"
      aria-labelledby={headingId}
      hidden={!visible}
      data-item-id={itemId}
      // Until the island runs, a browser with script hides the no-script form of a product
      // with several variants (CSS), which script would hide at once: no flash, no shift.
      {...(!scripted && props.onlyVariantId === null ? { 'data-awaits-choice': '' } : {})}
    >
      <h2 id={headingId} className="restock-heading">
        {messages.heading}
      </h2>
      {/* The no-JavaScript sign-up returns here; CSS shows it when it is the page's target. */}
      {scripted ? null : (
        <p
          id={RESTOCK_SIGNED_UP_ANCHOR}
          className="restock-success restock-success-target"
          tabIndex={-1}
        >
          {messages.success}
        </p>
      )}
      {showForm ? (
        <form
          id={restockFormId(itemId)}
          className="restock-form"
          method="post"
          action={RESTOCK_FORM_PATH}
          noValidate
          aria-busy={phase === 'submitting'}
          onSubmit={(event) => void submit(event)}
        >
          <input type="hidden" name="productId" value={itemId} />
          {chooseVariant ? (
            <p className="field">
              <label htmlFor={`${baseId}-variant`}>Variant</label>
              <select id={`${baseId}-variant`} name="variantId" required>
                {soldOutVariants.map((variant) => (
                  <option key={variant.id} value={variant.id}>
                    {variant.label}
                  </option>
                ))}
              </select>
            </p>
          ) : (
            <input type="hidden" name="variantId" value={variantId ?? ''} />
          )}
          {error === undefined ? null : (
            <p className="form-error" role="alert" id={errorId}>
              {error}
            </p>
          )}
          <p className="field">
            <label htmlFor={emailId}>{messages.emailLabel}</label>
            <input
              ref={emailInput}
              type="email"
              id={emailId}
              name="siteVisitorEmail"
              autoComplete="email"
              required
              {...(error === undefined ? {} : { 'aria-describedby': errorId })}
            />
          </p>
          {props.mailingListSignUpEnabled ? (
            <p className="field field-checkbox">
              <input
                type="checkbox"
                id={`${baseId}-mailing-list`}
                name="isJoinMailingList"
                value="true"
                defaultChecked={props.mailingListOptInByDefault}
              />
              <label htmlFor={`${baseId}-mailing-list`}>{messages.mailingList}</label>
            </p>
          ) : null}
          {captcha === null ? null : (
            <div
              ref={captchaNode}
              className="restock-captcha"
              data-captcha-provider={captcha.provider}
            />
          )}
          <button type="submit" className="button button-primary" disabled={phase === 'submitting'}>
            {messages.submit}
          </button>
        </form>
      ) : (
        <p className="restock-success" role="status">
          {messages.success}
        </p>
      )}
    </section>
  );
}
