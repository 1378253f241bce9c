/**
 * A textarea with the character counter of docs/behaviour/forms-and-captcha.md#character-counter: 'n / max' under it, in the error
 * style when over. The textarea takes no maxlength attribute, so the shopper sees the error
 * style instead of silently losing characters; the server's limit still applies. Without a
 * usable maximum (absent, 0, not a positive whole number) there is no counter.
 */
import { useState, type TextareaHTMLAttributes } from 'react';
import { characterCount } from '../../shared/forms/character-counter.ts';

export interface CountedTextareaProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'maxLength'
> {
  readonly id: string;
  readonly maxLength: unknown;
}

export function CountedTextarea({ maxLength, defaultValue, ...props }: CountedTextareaProps) {
  const [text, setText] = useState(typeof defaultValue === 'string' ? defaultValue : '');
  const count = characterCount(text, maxLength);
  const counterId = `${props.id}-counter`;
  const describedBy = [props['aria-describedby'], count === undefined ? undefined : counterId]
    .filter((id) => id !== undefined)
    .join(' ');
  return (
    <>
      <textarea
        {...props}
        defaultValue={defaultValue}
        {...(describedBy === '' ? {} : { 'aria-describedby': describedBy })}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      {count === undefined ? null : (
        <span
          id={counterId}
          className={count.over ? 'character-counter field-error' : 'character-counter'}
          aria-live="polite"
        >
          {count.text}
        </span>
      )}
    </>
  );
}
