import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import BottomNavigationAction, { type BottomNavigationActionProps } from '@mui/material/BottomNavigationAction';
import IconButton from '@mui/material/IconButton';
import MessagesIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useUnreadMessages } from '#pwa/db/use-messages.ts';
import { UnreadBadge, unreadValues } from './UnreadBadge.tsx';

/** Header widget for clients (issue 22): the coach's messages not yet read, and the way to the thread. */
export function MessagesButton() {
  const intl = useIntl();
  const unread = useUnreadMessages();
  const label = unread > 0 ? intl.formatMessage({ id: 'shell.messagesUnread' }, unreadValues(unread)) : intl.formatMessage({ id: 'nav.messages' });
  return (
    <IconButton component={RouterLink} to="/messages" aria-label={label} title={label} data-testid="messages-button">
      <UnreadBadge count={unread} testId="messages-badge">
        <MessagesIcon />
      </UnreadBadge>
    </IconButton>
  );
}

/**
 * The bottom bar's messages tab for clients (issue 22, ADR 028): the same count, within a thumb's
 * reach. BottomNavigation hands its children their selection props; they pass through here.
 *
 * Named by its content rather than an aria-label: the badge's count comes before the word on
 * screen ("2Mensagens" to a checker of Label in Name, WCAG 2.5.3), which no name reads well with.
 * So the visible word and count are hidden from screen readers, and they read the whole message.
 */
export function MessagesTab(props: Pick<BottomNavigationActionProps, 'value' | 'sx' | 'selected' | 'showLabel'>) {
  const intl = useIntl();
  const unread = useUnreadMessages();
  const name = intl.formatMessage({ id: 'bottomNav.messages' });
  return (
    <BottomNavigationAction
      {...props}
      label={
        unread > 0 ? (
          <>
            <span aria-hidden="true">{name}</span>
            <span style={visuallyHidden}>{intl.formatMessage({ id: 'shell.messagesUnread' }, unreadValues(unread))}</span>
          </>
        ) : (
          name
        )
      }
      icon={
        <UnreadBadge count={unread} testId="bottom-nav-messages-badge">
          <MessagesIcon />
        </UnreadBadge>
      }
      component={RouterLink}
      to="/messages"
      data-testid="bottom-nav-messages"
    />
  );
}
