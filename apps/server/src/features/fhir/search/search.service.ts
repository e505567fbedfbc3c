import type { Bundle, BundleLink, Resource } from '@medplum/fhirtypes';
import { FHIR_MESSAGES } from '@recovery-portal/contract/fhir';
import { boundToPatient } from '#app/features/fhir/compartment';
import { FhirError } from '#app/features/fhir/fhir-error';
import type { AnySource, FhirContext } from '#app/features/fhir/resources/fhir-source';
import {
  uniqueParticipants,
  type FhirAnswer,
  type ResourceReads,
} from '#app/features/fhir/resources/resource-reads';
import { parseSearch, type ParsedSearch } from './search-params';

/** Search-type on a served type: parses the parameters, pages its sources, builds the Bundle. */
export function createSearchService(definitionOf: ResourceReads['definitionOf'], ctx: FhirContext) {
  function link(type: string, search: ParsedSearch, relation: string, cursor?: string): BundleLink {
    const params = new URLSearchParams(search.echo);
    if (cursor) params.set('_cursor', cursor);
    const query = params.toString();
    return { relation, url: `${ctx.base}/${type}${query ? `?${query}` : ''}` };
  }

  /** Walks the sources in kind order from the cursor, fetching one row more than the page. */
  async function page(
    sources: readonly AnySource[],
    search: ParsedSearch,
  ): Promise<{ rows: { source: AnySource; row: unknown }[]; next?: string }> {
    const { cursor } = search;
    // A cursor this server gave names one of the type's sources and a key it holds.
    const from = cursor && sources.find((source) => source.kind === cursor.kind);
    if (cursor && (!from || cursor.key > from.maxKey)) {
      throw new FhirError(400, 'invalid', FHIR_MESSAGES.invalidCursor);
    }
    const rows: { source: AnySource; row: unknown }[] = [];
    const wanted = search.count + 1;
    for (const source of sources) {
      if (search.cursor && source.kind < search.cursor.kind) continue;
      const where = source.where(search, ctx);
      if (where === null) continue;
      const afterKey = search.cursor?.kind === source.kind ? search.cursor.key : null;
      const found: unknown[] = await source.page(where, afterKey, wanted - rows.length);
      rows.push(...found.map((row) => ({ source, row })));
      if (rows.length >= wanted) break;
    }
    if (rows.length <= search.count) return { rows };
    const last = rows[search.count - 1];
    const kept = rows.slice(0, search.count);
    return last
      ? { rows: kept, next: `${last.source.kind}.${last.source.key(last.row)}` }
      : { rows: kept };
  }

  return {
    /** A search; with `patientId`, held to that participant's compartment. */
    async search(
      type: string,
      query: Record<string, string | string[] | undefined>,
      patientId: number | null = null,
    ): Promise<FhirAnswer<Bundle>> {
      const definition = definitionOf(type);
      const parsed = parseSearch(type, query, Object.keys(definition.params) as never[]);
      const search = patientId === null ? parsed : boundToPatient(parsed, definition, patientId);
      const self = link(type, search, 'self');
      if (search.summaryCount || search.count === 0) {
        let total = 0;
        for (const source of definition.sources) {
          const where = source.where(search, ctx);
          if (where !== null) total += await source.count(where);
        }
        return {
          body: { resourceType: 'Bundle', type: 'searchset', total, link: [self] },
          participantIds: [],
        };
      }
      const { rows, next } = await page(definition.sources, search);
      const entries = rows.map(({ source, row }) => {
        const resource = source.toResource(row, ctx) as Resource;
        return {
          fullUrl: `${ctx.base}/${resource.resourceType}/${resource.id ?? ''}`,
          resource,
          search: { mode: 'match' as const },
        };
      });
      return {
        body: {
          resourceType: 'Bundle',
          type: 'searchset',
          link: next ? [self, link(type, search, 'next', next)] : [self],
          entry: entries,
        },
        participantIds: uniqueParticipants(rows.map(({ source, row }) => source.participant(row))),
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
