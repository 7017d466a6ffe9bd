import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';

/**
 * A row of a history the user may correct (weights, body measurements): what was recorded, and an
 * edit and a delete button named for the record they act on (a screen reader hears which one).
 */
export function CorrectableRow({
  testId,
  primary,
  secondary,
  edit,
  remove,
}: {
  testId: string;
  primary: ReactNode;
  secondary: ReactNode;
  edit: { label: string; onClick: () => void; testId: string };
  remove: { label: string; onClick: () => void; testId: string };
}) {
  return (
    <ListItem
      disableGutters
      divider
      data-testid={testId}
      secondaryAction={
        <Stack direction="row">
          <IconButton aria-label={edit.label} onClick={edit.onClick} data-testid={edit.testId}>
            <EditIcon fontSize="small" />
          </IconButton>
          <IconButton edge="end" aria-label={remove.label} onClick={remove.onClick} data-testid={remove.testId}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Stack>
      }
      sx={{ pr: 11 }}
    >
      <ListItemText primary={primary} secondary={secondary} />
    </ListItem>
  );
}
