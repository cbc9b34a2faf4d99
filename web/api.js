// Every request of the page goes through here: same origin, JSON, and an honest message for 429 and 503 (how long to
// wait, from Retry-After) instead of an empty result that would read as "not recorded".
{
  const { t } = machimi.i18n;

  class ApiProblem extends Error {
    constructor(status, retryAfterS, body) {
      super(body?.error?.message ?? body?.message ?? `HTTP ${status}`);
      this.status = status;
      this.retryAfterS = retryAfterS;
      this.body = body;
    }

    /** What to tell the person, in the interface language. */
    explain() {
      const wait = this.retryAfterS === null ? '' : t('retry_in', { s: this.retryAfterS });
      if (this.status === 429) return `${t('busy_429')} ${wait}`.trim();
      if (this.status === 503) return `${t('unavailable_503')} ${wait}`.trim();
      if (this.status === 0) return t(this.message === 'timeout' ? 'timed_out' : 'network_error');
      return `${t('request_failed')} (${this.status}): ${this.message}`;
    }
  }

  // A request that outlives this is abandoned: the page says so instead of spinning forever.
  const timeoutMs = 15_000;

  function retryAfterOf(response) {
    const value = response.headers.get('retry-after');
    if (value === null) return null;
    const seconds = Number(value);
    if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
    const date = Date.parse(value);
    return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
  }

  async function request(path, init = {}) {
    let response;
    try {
      response = await fetch(path, { ...init, signal: init.signal ?? AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      if (error?.name === 'AbortError') throw error;
      throw new ApiProblem(0, null, { message: error?.name === 'TimeoutError' ? 'timeout' : String(error) });
    }
    const body = await response.json().catch(() => null);
    if (!response.ok) throw new ApiProblem(response.status, retryAfterOf(response), body);
    return body;
  }

  /** GET a JSON path with query parameters (absent values left out). */
  function getJson(path, params = {}, init = {}) {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
    }
    const qs = query.toString();
    return request(qs ? `${path}?${qs}` : path, init);
  }

  function postJson(path, body, init = {}) {
    return request(path, {
      ...init,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  machimi.api = { ApiProblem, getJson, postJson };
}
