/**
 * The option pickers: one dropdown per option ('Select {variantName}', or 'Select Value' for a
 * gift card), or the radio layout's fieldsets. Field names are those the plain form posts
 * (`options[<name>]`), so the same markup buys without JavaScript. Values branching narrows away
 * are not offered; sold-out values carry the suffix or marker option-values.ts decides.
 */
import { optionPlaceholder, type Selection } from '../../shared/catalog/variant-selection.ts';
import type { OptionState, VariantLayout } from '../../shared/catalog/option-values.ts';
import type { ProductFormLabels } from './props.ts';

export interface VariantPickerProps {
  readonly options: readonly OptionState[];
  readonly selection: Selection;
  readonly layout: VariantLayout;
  readonly isGiftCard: boolean;
  readonly labels: ProductFormLabels;
  readonly onChoose: (name: string, value: string) => void;
}

export function optionInputId(index: number): string {
  return `product-option-${index}`;
}

export const UNAVAILABLE_MARKER_TEXT = 'Unavailable';

/** What each way of choosing an option (a select, radios) is given. */
interface OptionControlProps {
  readonly option: OptionState;
  /** The option's place among the product's options, for its input ids. */
  readonly index: number;
  readonly props: VariantPickerProps;
}

function Dropdown({ option, index, props }: OptionControlProps) {
  const chosen = props.selection[option.name] ?? '';
  return (
    <p className="field product-option">
      <label htmlFor={optionInputId(index)}>{option.name}</label>
      <select
        id={optionInputId(index)}
        name={`options[${option.name}]`}
        required
        value={chosen}
        onChange={(event) => props.onChoose(option.name, event.target.value)}
      >
        <option value="">{optionPlaceholder(option.name, props.isGiftCard, props.labels)}</option>
        {option.values
          .filter((value) => value.compatible || value.value === chosen)
          .map((value) => (
            <option key={value.value} value={value.value} disabled={!value.enabled}>
              {value.label}
            </option>
          ))}
      </select>
    </p>
  );
}

function Radios({ option, index, props }: OptionControlProps) {
  const chosen = props.selection[option.name] ?? '';
  return (
    <fieldset className="field product-option product-option-radios">
      <legend>{option.name}</legend>
      {option.values.map((value, valueIndex) => {
        const id = `${optionInputId(index)}-${valueIndex}`;
        const classes = ['product-option-radio'];
        if (value.unavailable) classes.push('is-unavailable');
        if (!value.enabled) classes.push('is-disabled');
        return (
          <span className={classes.join(' ')} key={value.value}>
            <input
              type="radio"
              id={id}
              name={`options[${option.name}]`}
              value={value.value}
              required
              checked={chosen === value.value}
              disabled={!value.enabled}
              onChange={() => props.onChoose(option.name, value.value)}
            />
            <label htmlFor={id}>
              {value.label}
              {value.unavailable ? (
                <span className="product-option-unavailable">{` ${UNAVAILABLE_MARKER_TEXT}`}</span>
              ) : null}
            </label>
          </span>
        );
      })}
    </fieldset>
  );
}

export function VariantPicker(props: VariantPickerProps) {
  return (
    <>
      {props.options.map((option, index) =>
        props.layout === 'radio' ? (
          <Radios key={option.name} option={option} index={index} props={props} />
        ) : (
          <Dropdown key={option.name} option={option} index={index} props={props} />
        ),
      )}
    </>
  );
}
