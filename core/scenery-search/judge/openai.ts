/**
 * A judge backed by any OpenAI-compatible chat-completions endpoint (JUDGE_URL, JUDGE_MODEL, JUDGE_API_KEY,
 * JUDGE_TIMEOUT_MS). One batch is one request; a failed request (timeout, HTTP error, unreadable answer) is retried
 * once when the budget allows, then the judge gives up with JudgeUnavailableError and the engine falls back to text
 * behaviour. Calls and input tokens are counted only for requests really sent.
 */
import { type JudgeConfig, readJudgeConfig } from '../../config.ts';
import type { Presence } from '../evidence.ts';
import {
  type CandidateVerdict,
  type Judge,
  type JudgeBatchResult,
  type JudgeCandidate,
  type JudgeCondition,
  type JudgeOptions,
  JudgeUnavailableError,
} from './types.ts';

export interface OpenAiJudgeConfig extends JudgeConfig {
  /** Observation text sent per candidate is cut to this many characters (bounds the input tokens). */
  maxObservationChars?: number;
  fetch?: typeof fetch;
}

const SYSTEM_PROMPT = [
  'You grade Japanese street-scene observations written by a vision-language model about one photograph each.',
  'For every scene and every condition, say how present the condition is in the observation:',
  '0 = the observation says it is absent, 1 = not mentioned, 2 = mentioned or clearly implied, 3 = clearly stated.',
  'Judge only from the observation text. Answer with JSON only, in the form',
  '{"results":[{"id":"<scene id>","presence":{"<condition key>":<0-3>}}]}.',
].join('\n');

function endpointOf(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith('/chat/completions') ? trimmed : `${trimmed}/chat/completions`;
}

function describeCondition(c: JudgeCondition): string {
  if (!c.category) return `- ${c.key}: the word 「${c.term}」 or what it names`;
  const examples = c.category.evidence.slice(0, 3).join('」「');
  return `- ${c.key}: ${c.category.label} (${c.category.label_en}); e.g. 「${examples}」`;
}

export function buildJudgeMessages(conditions: JudgeCondition[], candidates: JudgeCandidate[], maxChars: number) {
  const scenes = candidates.map((c) => {
    const body = JSON.stringify({ summary: c.observation.summary, analysis: c.observation.analysis });
    return `### scene ${c.sceneId}\n${body.length > maxChars ? body.slice(0, maxChars) : body}`;
  });
  const user = ['Conditions:', ...conditions.map(describeCondition), '', 'Scenes:', ...scenes].join('\n');
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: user },
  ];
}

function readPresence(value: unknown): Presence {
  const n = typeof value === 'number' ? Math.round(value) : Number.NaN;
  return n === 0 || n === 1 || n === 2 || n === 3 ? n : 1;
}

/** Parses the model's answer; throws when it is not the JSON asked for. */
export function parseJudgeAnswer(
  content: string,
  conditions: JudgeCondition[],
  candidates: JudgeCandidate[],
): CandidateVerdict[] {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start < 0 || end < start) throw new Error('the judge answer holds no JSON object');
  const parsed = JSON.parse(content.slice(start, end + 1)) as { results?: unknown };
  if (!Array.isArray(parsed.results)) throw new Error('the judge answer has no results array');
  const byId = new Map<string, Record<string, unknown>>();
  for (const r of parsed.results as { id?: unknown; presence?: unknown }[]) {
    if (r && (typeof r.id === 'string' || typeof r.id === 'number') && r.presence && typeof r.presence === 'object') {
      byId.set(String(r.id), r.presence as Record<string, unknown>);
    }
  }
  return candidates.map((c) => {
    const answer = byId.get(c.sceneId) ?? {};
    const presence: CandidateVerdict['presence'] = {};
    for (const condition of conditions) presence[condition.key] = readPresence(answer[condition.key]);
    return { sceneId: c.sceneId, presence };
  });
}

export class OpenAiJudge implements Judge {
  readonly kind = 'openai_compatible' as const;
  private readonly config: OpenAiJudgeConfig;

  constructor(config: OpenAiJudgeConfig) {
    this.config = config;
  }

  private async send(body: string, signal: AbortSignal | undefined): Promise<{ content: string; inputTokens: number }> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.config.apiKey) headers.authorization = `Bearer ${this.config.apiKey}`;
    const timeout = AbortSignal.timeout(this.config.timeoutMs);
    const response = await (this.config.fetch ?? fetch)(endpointOf(this.config.url), {
      method: 'POST',
      headers,
      body,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`the judge answered HTTP ${response.status}`);
    const json = JSON.parse(text) as {
      choices?: { message?: { content?: string } }[];
      usage?: { prompt_tokens?: number };
    };
    const content = json.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new Error('the judge answer has no message content');
    const reported = json.usage?.prompt_tokens;
    return { content, inputTokens: typeof reported === 'number' && reported >= 0 ? Math.round(reported) : 0 };
  }

  async judgeBatch(
    conditions: JudgeCondition[],
    candidates: JudgeCandidate[],
    options: JudgeOptions,
  ): Promise<JudgeBatchResult> {
    const messages = buildJudgeMessages(conditions, candidates, this.config.maxObservationChars ?? 4000);
    const body = JSON.stringify({
      model: this.config.model,
      messages,
      temperature: 0,
      response_format: { type: 'json_object' },
    });
    const attempts = Math.min(2, options.maxCalls);
    let calls = 0;
    let inputTokens = 0;
    let lastError: unknown = null;
    for (let attempt = 0; attempt < attempts; attempt++) {
      calls++;
      try {
        const answer = await this.send(body, options.signal);
        inputTokens += answer.inputTokens;
        const verdicts = parseJudgeAnswer(answer.content, conditions, candidates);
        return { verdicts, calls, inferenceCalls: calls, inputTokens };
      } catch (error) {
        lastError = error;
        if (options.signal?.aborted) break;
      }
    }
    const reason = lastError instanceof Error ? lastError.message : String(lastError);
    throw new JudgeUnavailableError(
      `the external judge failed: ${reason}`,
      { calls, inferenceCalls: calls, inputTokens },
      lastError,
    );
  }
}

/** The external judge the configuration asks for (config.judge, from the JUDGE_* variables), else null. */
export function openAiJudgeFromConfig(config: JudgeConfig | null): OpenAiJudge | null {
  return config ? new OpenAiJudge(config) : null;
}

/** The judge the environment asks for: the external one when JUDGE_URL and JUDGE_MODEL are set, else null. */
export function openAiJudgeFromEnv(env: Record<string, string | undefined> = process.env): OpenAiJudge | null {
  return openAiJudgeFromConfig(readJudgeConfig(env));
}
