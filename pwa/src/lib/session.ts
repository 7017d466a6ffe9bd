import { create } from 'zustand';
import type { ClientDto } from '#api/services/clients.ts';
import { api, ApiRequestError } from './api.ts';

export type Client = ClientDto;

interface SessionState {
  status: 'loading' | 'authenticated' | 'anonymous';
  client: Client | null;
  /** SPEC §4: on load the app asks for the current client. */
  load(): Promise<void>;
  login(email: string, password: string): Promise<Client>;
  logout(): Promise<void>;
  setClient(client: Client): void;
}

export const useSession = create<SessionState>((set) => ({
  status: 'loading',
  client: null,
  async load() {
    try {
      const { client } = await api.get<{ client: Client }>('/clients/me');
      set({ status: 'authenticated', client });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status !== 401) console.error('session.load', error);
      set({ status: 'anonymous', client: null });
    }
  },
  async login(email, password) {
    const { client } = await api.post<{ client: Client }>('/clients/login', { email, password });
    set({ status: 'authenticated', client });
    return client;
  },
  async logout() {
    try {
      await api.post('/clients/logout');
    } finally {
      set({ status: 'anonymous', client: null });
    }
  },
  setClient: (client) => set({ status: 'authenticated', client }),
}));
