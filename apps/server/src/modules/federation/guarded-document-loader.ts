import {
  FetchError,
  getRemoteDocument,
  preloadedContexts,
  type DocumentLoader,
} from '@fedify/fedify';
import { guardedFetch } from '../../platform/net/index.ts';

export interface RemoteFetchPolicy {
  /** `host:port` entries exempt from the private-address block (FEDERATION_ALLOW_HOSTS). */
  allowPrivateHosts: readonly string[];
  userAgent: string;
}

/** An actor document or a JSON-LD context is small; anything past this is refused. */
const MAX_DOCUMENT_BYTES = 256 * 1024;
const FETCH_TIMEOUT_MS = 10_000;
const ACCEPT =
  'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"';

/**
 * Fedify's document loader (remote actors, their keys, JSON-LD contexts) on the network
 * guard: a remote that names an actor or key URL inside our network gets a refusal, not a
 * request from us. Fedify's own loader would dial it with the global fetch. Contexts Fedify
 * ships (ActivityStreams, security) are answered from memory.
 */
export function guardedDocumentLoader(policy: RemoteFetchPolicy): DocumentLoader {
  const load: DocumentLoader = async (url) => {
    if (Object.hasOwn(preloadedContexts, url)) {
      return { contextUrl: null, documentUrl: url, document: preloadedContexts[url] };
    }
    const response = await guardedFetch(url, {
      headers: new Headers({ accept: ACCEPT, 'user-agent': policy.userAgent }),
      maxBytes: MAX_DOCUMENT_BYTES,
      timeoutMs: FETCH_TIMEOUT_MS,
      allowPrivateHosts: policy.allowPrivateHosts,
    });
    if (!response.ok) {
      throw new FetchError(url, `HTTP ${response.status} fetching ${url}`);
    }
    return getRemoteDocument(url, response, load);
  };
  return load;
}
