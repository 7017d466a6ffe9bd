/**
 * The one place the official `openai` SDK is called (ARCHITECTURE §1 src/ai). Any
 * OpenAI-compatible server works through OPENAI_BASE_URL. Failures become the API errors of
 * SPEC §8; what we log or return names the status and code only, never the provider's message,
 * which can quote part of the key.
 */
import OpenAI from 'openai';
import type { ChatCompletionContentPart } from 'openai/resources/chat/completions';
import { DomainError } from '#protocol/errors.ts';

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
/** The human waits on a dialog: one try, bounded; pressing the button again is the retry. */
const REQUEST_TIMEOUT_MS = 60_000;

export interface AiEndpoint {
  apiKey: string;
  baseUrl: string | null;
  model: string;
}

export type UserContent = string | ChatCompletionContentPart[];

/** Asks for one JSON object; anything that is not one is AI_INVALID_RESPONSE. */
export async function askForJson(endpoint: AiEndpoint, system: string, user: UserContent): Promise<unknown> {
  const client = new OpenAI({
    apiKey: endpoint.apiKey,
    baseURL: endpoint.baseUrl ?? DEFAULT_OPENAI_BASE_URL,
    maxRetries: 0,
    timeout: REQUEST_TIMEOUT_MS,
  });
  let content: string | null | undefined;
  try {
    const completion = await client.chat.completions.create({
      model: endpoint.model,
      response_format: { type: 'json_object' },
      temperature: 0.4,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
    });
    content = completion.choices[0]?.message.content;
  } catch (error) {
    throw toDomainError(error);
  }
  if (typeof content !== 'string') throw new DomainError('AI_INVALID_RESPONSE');
  try {
    return JSON.parse(stripCodeFence(content));
  } catch {
    throw new DomainError('AI_INVALID_RESPONSE');
  }
}

/** Some compatible servers wrap JSON in a Markdown fence even when asked for a JSON object. */
const stripCodeFence = (text: string) => text.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/i, '$1');

/** SPEC §8: 429 is the quota message, 503 (or no connection) the unavailable one, the rest a failure with its status. */
export function toDomainError(error: unknown): DomainError {
  if (error instanceof OpenAI.APIConnectionError) return new DomainError('AI_UNAVAILABLE');
  if (error instanceof OpenAI.APIError) {
    if (error.status === 429) return new DomainError('AI_QUOTA_EXCEEDED');
    if (error.status === 503) return new DomainError('AI_UNAVAILABLE');
    const reason = [error.status ? `HTTP ${error.status}` : null, typeof error.code === 'string' ? error.code : null].filter(Boolean).join(' ');
    return new DomainError('AI_FAILED', { values: { reason: reason || 'HTTP' } });
  }
  if (error instanceof OpenAI.OpenAIError) return new DomainError('AI_INVALID_RESPONSE');
  throw error;
}
