/** Summaries of scored query sets, printed and returned for the JSON report. */
import type { SearchMode } from '../../core/scenery-search/request.ts';
import { mean, percentile, rocAuc, round3 } from './metrics.ts';
import type { Scored } from './queries.ts';

const judgedRows = (rows: Scored[]) => rows.filter((s) => s.precision10 !== null);
const p10 = (rows: Scored[]) => round3(mean(rows.map((s) => s.precision10 as number)));
const recall = (rows: Scored[]) => round3(mean(rows.map((s) => s.recall as number)));

/** The report of the hand-written query set: precision, recall and latency per mode, and the worst queries. */
export function reportQuerySet(scored: Scored[], modes: SearchMode[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const mode of modes) {
    const rows = scored.filter((s) => s.mode === mode);
    const judged = judgedRows(rows);
    const summary = {
      queries: rows.length,
      scored: judged.length,
      unanswerable: rows.length - judged.length,
      precision_at_10: p10(judged),
      recall_within_budget: recall(judged),
      preset_themed_precision_at_10: p10(judged.filter((s) => s.theme !== null)),
      empty_pages: judged.filter((s) => s.returned === 0).length,
      latency_ms: {
        p50: Number(
          percentile(
            rows.map((s) => s.ms),
            0.5,
          ).toFixed(2),
        ),
        p90: Number(
          percentile(
            rows.map((s) => s.ms),
            0.9,
          ).toFixed(2),
        ),
      },
    };
    out[mode] = summary;
    console.log(`\n== mode ${mode}: ${JSON.stringify(summary)}`);
    printWorst(judged);
  }
  return out;
}

function printWorst(judged: Scored[]): void {
  const worst = [...judged].sort((a, b) => (a.precision10 as number) - (b.precision10 as number)).slice(0, 12);
  for (const s of worst) {
    console.log(
      `  p@10 ${(s.precision10 as number).toFixed(2)} recall ${(s.recall as number).toFixed(2)} n=${s.returned} pool=${s.pool} [${s.pageMode}] ${s.label} → ${s.conditions}`,
    );
  }
}

/**
 * The report of the held-out query set: precision@10 and recall per class, the AUC of match_score separating
 * relevant from irrelevant results, and how many out-of-catalogue queries were answered honestly.
 */
export function reportHeldout(scored: Scored[], modes: SearchMode[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const mode of modes) {
    const rows = scored.filter((s) => s.mode === mode);
    const classes = [...new Set(rows.map((s) => s.queryClass ?? 'unclassed'))].sort();
    const perClass: Record<string, unknown> = {};
    for (const c of classes) {
      const judged = judgedRows(rows.filter((s) => (s.queryClass ?? 'unclassed') === c));
      if (judged.length === 0) continue;
      perClass[c] = {
        scored: judged.length,
        precision_at_10: p10(judged),
        recall_within_budget: recall(judged),
        empty_pages: judged.filter((s) => s.returned === 0).length,
        pages_with_warning: judged.filter((s) => s.warning !== null).length,
      };
    }
    const judged = judgedRows(rows);
    const results = judged.flatMap((s) => s.scores);
    const outside = rows.filter((s) => s.honest !== null);
    const summary = {
      scored: judged.length,
      unanswerable: rows.filter((s) => s.honest === null).length - judged.length,
      precision_at_10: p10(judged),
      recall_within_budget: recall(judged),
      match_score_auc: (() => {
        const auc = rocAuc(
          results.filter((r) => r.relevant).map((r) => r.score),
          results.filter((r) => !r.relevant).map((r) => r.score),
        );
        return auc === null ? null : round3(auc);
      })(),
      results_with_match_score: results.length,
      out_of_catalogue: {
        queries: outside.length,
        honest: outside.filter((s) => s.honest).length,
        honest_share: round3(outside.length === 0 ? 0 : outside.filter((s) => s.honest).length / outside.length),
        with_results: outside.filter((s) => s.returned > 0).length,
        with_warning: outside.filter((s) => s.warning !== null).length,
      },
      per_class: perClass,
    };
    out[mode] = summary;
    console.log(`\n== held-out, mode ${mode}: ${JSON.stringify({ ...summary, per_class: undefined })}`);
    for (const [c, v] of Object.entries(perClass)) console.log(`  ${c.padEnd(16)} ${JSON.stringify(v)}`);
    for (const s of outside.filter((x) => !x.honest))
      console.log(`  dishonest: n=${s.returned} [${s.pageMode}] ${s.label} → ${s.conditions} warning=${s.warning}`);
  }
  return out;
}
