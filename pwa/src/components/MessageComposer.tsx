import type { FormEvent, ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SendIcon from '@mui/icons-material/Send';
import { MESSAGE_MAX } from '#protocol/mutations/fields.ts';

/**
 * The field and Send button under a thread (issue 22), for the client's screen and the coach's
 * card: over MESSAGE_MAX characters (trimmed) the field says so (`tooLongText`) and Send waits,
 * as it does while `busy` (a double tap sends once) or with nothing to send. `attachment` (the
 * client's photo buttons and preview) sits above the field; with one, the text may be empty.
 */
export function MessageComposer({
  value,
  onChange,
  onSubmit,
  busy,
  label,
  sendLabel,
  tooLongText,
  testIdPrefix,
  attachment,
  attached = false,
}: {
  value: string;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  label: string;
  sendLabel: string;
  /** The words for a text over the limit, given its trimmed length. */
  tooLongText: (length: number) => string;
  testIdPrefix: string;
  attachment?: ReactNode;
  /** Something is attached: Send works with no text. */
  attached?: boolean;
}) {
  const length = value.trim().length;
  const tooLong = length > MESSAGE_MAX;
  return (
    <Stack component="form" onSubmit={onSubmit} sx={{ gap: 1 }}>
      {attachment}
      <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
        <TextField
          label={label}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          multiline
          maxRows={6}
          fullWidth
          error={tooLong}
          helperText={tooLong ? tooLongText(length) : undefined}
          slotProps={{ htmlInput: { 'data-testid': `${testIdPrefix}-input` } }}
        />
        <Button type="submit" variant="contained" endIcon={<SendIcon />} disabled={busy || (length === 0 && !attached) || tooLong} sx={{ mt: 1 }} data-testid={`${testIdPrefix}-send`}>
          {sendLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
