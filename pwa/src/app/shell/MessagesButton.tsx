import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import BottomNavigationAction, { type BottomNavigationActionProps } from '@mui/material/BottomNavigationAction';
import IconButton from '@mui/material/IconButton';
import MessagesIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import { useUnreadMessages } from '#pwa/db/use-messages.ts';

/** Header widget for clients (issue 22): the coach's messages not yet read, and the way to the thread. */
export function MessagesButton() {
  const intl = useIntl();
  const unread = useUnreadMessages();
  const label = unread > 0 ? intl.formatMessage({ id: 'shell.messagesUnread' }, { count: unread }) : intl.formatMessage({ id: 'nav.messages' });
  return (
    <IconButton component={RouterLink} to="/messages" aria-label={label} title={label} data-testid="messages-button">
      <Badge badgeContent={unread} color="error" max={99} data-testid="messages-badge">
        <MessagesIcon />
      </Badge>
    </IconButton>
  );
}

/**
 * The bottom bar's messages tab for clients (issue 22, ADR 028): the same count, within a thumb's
 * reach. BottomNavigation hands its children their selection props; they pass through here.
 */
export function MessagesTab(props: Pick<BottomNavigationActionProps, 'value' | 'sx' | 'selected' | 'showLabel'>) {
  const intl = useIntl();
  const unread = useUnreadMessages();
  const name = intl.formatMessage({ id: 'bottomNav.messages' });
  return (
    <BottomNavigationAction
      {...props}
      label={name}
      aria-label={unread > 0 ? `${name}, ${intl.formatMessage({ id: 'shell.messagesUnread' }, { count: unread })}` : name}
      icon={
        <Badge badgeContent={unread} color="error" max={99} data-testid="bottom-nav-messages-badge">
          <MessagesIcon />
        </Badge>
      }
      component={RouterLink}
      to="/messages"
      data-testid="bottom-nav-messages"
    />
  );
}
