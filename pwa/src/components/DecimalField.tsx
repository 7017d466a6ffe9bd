import { OutlinedTextField, type OutlinedTextFieldProps } from './OutlinedTextField.tsx';

export type DecimalFieldProps = Omit<OutlinedTextFieldProps, 'type' | 'multiline' | 'minRows'> & {
  /** Decimals the field takes; 0 asks for the numeric keyboard, more for the decimal one. */
  decimals?: number;
};

/**
 * Every number a person types (ADR 015): a text input with the decimal keyboard, never
 * `type="number"`, which in Chromium drops a comma ("45,2" arrives as "452") and reads "1e2".
 * The value stays the text typed; read it with domain/decimal.ts's `parseDecimal` and show stored
 * numbers with lib/locale-decimal.ts's `formatDecimal`, so a pt-BR field shows "45,2".
 */
export function DecimalField({ decimals = 1, slotProps = {}, ...props }: DecimalFieldProps) {
  return (
    <OutlinedTextField
      {...props}
      type="text"
      autoComplete={props.autoComplete ?? 'off'}
      slotProps={{ ...slotProps, htmlInput: { inputMode: decimals === 0 ? 'numeric' : 'decimal', spellCheck: false, ...slotProps.htmlInput } }}
    />
  );
}
