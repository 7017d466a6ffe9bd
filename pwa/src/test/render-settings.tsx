import { MemoryRouter } from 'react-router-dom';
import type { Messages } from '#pwa/i18n/messages.ts';
import { renderInApp } from '#pwa/test/screen-harness.tsx';
import { SettingsScreen } from '#pwa/features/settings/SettingsScreen.tsx';

/** The settings screen as its tests render it: inside the app's strings, the toaster and a router (its links). */
export const renderSettings = (messages: Messages) =>
  renderInApp(
    messages,
    <MemoryRouter>
      <SettingsScreen />
    </MemoryRouter>,
  );
