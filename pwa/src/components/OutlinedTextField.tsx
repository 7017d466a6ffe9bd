import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

export interface OutlinedTextFieldProps
  extends Pick<OutlinedInputProps, 'name' | 'type' | 'autoComplete' | 'autoFocus' | 'value' | 'onChange' | 'onBlur' | 'multiline' | 'minRows' | 'inputRef'> {
  id?: string;
  label: string;
  error?: boolean;
  required?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  slotProps?: {
    htmlInput?: InputHTMLAttributes<HTMLInputElement> & { 'data-testid'?: string };
    input?: { endAdornment?: ReactNode };
  };
}

/**
 * The elements and attributes MUI's `<TextField variant="outlined">` renders for a text input,
 * with the same props, without the select, filled and standard variants TextField always bundles
 * (about 11 KB gzip): the screens of the first load (/login, the dashboard's weight dialog) use it.
 */
export function OutlinedTextField({ id: givenId, label, helperText, error = false, required = false, fullWidth = false, slotProps = {}, ...input }: OutlinedTextFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl className="MuiTextField-root" error={error} required={required} fullWidth={fullWidth} variant="outlined">
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        aria-describedby={helperTextId}
        fullWidth={fullWidth}
        id={id}
        inputProps={slotProps.htmlInput}
        label={label}
        {...input}
        {...slotProps.input}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
