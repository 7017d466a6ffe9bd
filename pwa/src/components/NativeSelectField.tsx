import { useId, type ChangeEvent, type FocusEvent, type ReactNode, type SelectHTMLAttributes } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface SelectOption {
  value: string;
  label: string;
  /** The option's language, when it names one (the language select). */
  lang?: string;
}

export interface NativeSelectFieldProps {
  id?: string;
  name?: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  'data-testid'?: string;
  /** As TextField's: attributes of the `<select>` itself. */
  slotProps?: { htmlInput?: SelectHTMLAttributes<HTMLSelectElement> & { 'data-testid'?: string } };
}

/**
 * An outlined select that is the browser's own `<select>`: the phone shows its picker, a screen
 * reader its list, and the page loads no menu (MUI's `TextField select` brings Select, Menu,
 * Popover and MenuItem, ~15 KB gzip, with /cadastro's form; ADR 026 part 5). While nothing is
 * chosen it shows an empty choice, so no option looks chosen when none is.
 */
export function NativeSelectField({ id: givenId, name, label, value, options, onChange, onBlur, error = false, helperText, fullWidth = false, slotProps = {}, 'data-testid': testId }: NativeSelectFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const offered = value === '' && !options.some((option) => option.value === '') ? [{ value: '', label: '' }, ...options] : options;
  return (
    <FormControl className="MuiTextField-root" error={error} fullWidth={fullWidth} variant="outlined" data-testid={testId}>
      <InputLabel htmlFor={id} id={`${id}-label`} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        input={<OutlinedInput label={label} notched />}
        inputProps={{ ...slotProps.htmlInput, id, name, 'aria-describedby': helperTextId }}
      >
        {offered.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang} disabled={option.value === '' && option.label === ''}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
