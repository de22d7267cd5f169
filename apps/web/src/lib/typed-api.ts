import { createCockpitClient, type Middleware, type paths } from '@rope/api-client';
import { ApiError, redirectToLogin, toApiError } from './api-client';

/**
 * The web's one client, typed by the API's OpenAPI document (@rope/api-client): the
 * page's origin, redirects never followed, a 401 sends the user to the sign-in, every failure is an ApiError with
 * the answer's message keys.
 */
function failuresAsApiErrors(redirectOn401: boolean): Middleware {
  return {
    async onResponse({ response }) {
      if (response.type === 'opaqueredirect') {
        if (redirectOn401) redirectToLogin();
        throw new ApiError(401, 'UNAUTHENTICATED', 'Redirected to a sign-in');
      }
      // A page where JSON was asked for (a proxy's or the app's own index.html): never an answer of the API.
      if (response.ok && response.headers.get('content-type')?.includes('text/html')) {
        throw new ApiError(response.status, 'BAD_RESPONSE', `Expected an answer of the API from ${response.url}`);
      }
      if (response.ok) return undefined;
      if (response.status === 401 && redirectOn401) redirectToLogin();
      const body: unknown = await response.json().catch(() => undefined);
      throw toApiError(response, body);
    },
    onError({ error }) {
      if (error instanceof Error && error.name === 'AbortError') return error;
      return new ApiError(0, 'NETWORK', error instanceof Error ? error.message : String(error));
    },
  };
}

function cockpitClient(redirectOn401: boolean) {
  const client = createCockpitClient({
    // The page's origin, as a path alone would be; the unit tests run without a page (fetch needs a whole URL there).
    baseUrl: globalThis.location?.origin ?? 'http://localhost',
    // The fetch of the moment, not the one at load: what a test stubs is what the client calls.
    fetch: (request: Request) => globalThis.fetch(request),
    credentials: 'same-origin',
    redirect: 'manual',
    headers: { Accept: 'application/json' },
  });
  client.use(failuresAsApiErrors(redirectOn401));
  return client;
}

export const typedApi = cockpitClient(true);

/**
 * typedApi for the session check, the sign-in and the link pages: a 401 is their answer (wrong password, nobody
 * signed in), not a reason to go to the login screen; it rejects with the ApiError all the same.
 */
export const quietTypedApi = cockpitClient(false);

/** The data of a call: a failure has thrown already (failuresAsApiErrors). */
export async function dataOf<T>(call: Promise<{ data?: T }>): Promise<T> {
  return (await call).data as T;
}

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** The JSON of an operation's 200 answer as the API's document types it, e.g. `AnswerOf<'/api/areas/{id}', 'get'>`. */
export type AnswerOf<P extends keyof paths, M extends Method & keyof paths[P]> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': infer T } } };
}
  ? T
  : never;

/** What openapi-fetch's Readable makes of an answer: every tuple an array of its elements' type. */
type Untupled<T> = T extends readonly (infer E)[]
  ? Untupled<E>[]
  : T extends object
    ? { [K in keyof T]: Untupled<T[K]> }
    : T;

/**
 * dataOf for answers holding tuples (latlng `[number, number]`, latlngs `[number, number][]`): openapi-fetch types
 * its data through Readable, which turns a tuple into an array. The document marks no field readOnly or writeOnly, so
 * that is all Readable changes, and the answer is the document's type: the call is checked against the path and
 * method named (`tupleDataOf<'/api/areas', 'get'>(typedApi.GET('/api/areas', ...))`).
 */
export async function tupleDataOf<P extends keyof paths, M extends Method & keyof paths[P]>(
  call: Promise<{ data?: Untupled<AnswerOf<P, M>> }>,
): Promise<AnswerOf<P, M>> {
  return (await call).data as AnswerOf<P, M>;
}

type Operation<P extends keyof paths, M extends Method> = M extends keyof paths[P] ? paths[P][M] : never;
type ParametersOf<Op> = Op extends { parameters: infer X } ? X : never;
type QueryOf<Op> = ParametersOf<Op> extends { query?: infer Q } ? Q : never;
/** The path's parameters where it has some (as strings, as typedApi takes them); a query where the operation reads one. */
type ParamsOption<Op> =
  ParametersOf<Op> extends { path: infer T }
    ? { params: { path: T; query?: QueryOf<Op> } }
    : { params?: { query?: QueryOf<Op> } };

/** The paths whose POST takes a multipart body: the uploads. */
export type UploadPath = {
  [P in keyof paths]: paths[P] extends { post: { requestBody: { content: { 'multipart/form-data': unknown } } } }
    ? P
    : never;
}[keyof paths];

export type UploadOptions<P extends UploadPath> = ParamsOption<Operation<P, 'post'>> & {
  /** The bytes sent so far of all there is to send. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  /** Headers besides Accept, e.g. the Idempotency-Key of a queued upload. */
  headers?: Record<string, string>;
};

/** `/api/ropes/{id}/tasks/upload` with `{ id: '1' }` and a query: the URL to send to. */
export function urlOf(path: string, params: { path?: unknown; query?: unknown } | undefined): string {
  const pathParams = (params?.path ?? {}) as Record<string, string | number>;
  const url = path.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(String(pathParams[name])));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((params?.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) query.set(name, String(value));
  }
  const search = query.toString();
  return search === '' ? url : `${url}?${search}`;
}

/**
 * POSTs a multipart form (the fields before the files, as the caller appends them) reporting the bytes sent, and
 * answers the operation's 200 answer as the document types it. fetch cannot tell upload progress (request streams
 * need HTTP/2 and duplex), XMLHttpRequest's upload events can: the one way the web uploads files. Under typedApi's
 * rules: a 401 sends the user to the sign-in, a refusal rejects with the ApiError its answer describes (message and
 * keys), no answer at all with a NETWORK ApiError, an abort through `signal` with an AbortError as fetch does; an
 * upload stopped otherwise rejects too, so no caller waits for it forever.
 */
export function uploadWithProgress<P extends UploadPath>(
  path: P,
  body: FormData,
  options: UploadOptions<P>,
): Promise<AnswerOf<P, 'post'>> {
  const { onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was stopped', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', urlOf(path, options.params));
    request.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(options.headers ?? {})) request.setRequestHeader(name, value);
    request.withCredentials = true;
    if (onProgress) {
      request.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      });
    }
    const stop = () => request.abort();
    signal?.addEventListener('abort', stop, { once: true });
    const settle = () => signal?.removeEventListener('abort', stop);
    request.addEventListener('load', () => {
      settle();
      let data: unknown;
      let parsed = true;
      try {
        data = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        parsed = false;
      }
      if (request.status >= 200 && request.status < 300) {
        if (parsed && data !== undefined) resolve(data as AnswerOf<P, 'post'>);
        else reject(new ApiError(request.status, 'BAD_RESPONSE', `Expected JSON from ${path}`));
        return;
      }
      if (request.status === 401) redirectToLogin();
      reject(toApiError({ status: request.status, statusText: request.statusText }, parsed ? data : undefined));
    });
    request.addEventListener('error', () => {
      settle();
      reject(new ApiError(0, 'NETWORK', 'The upload did not reach the server'));
    });
    request.addEventListener('abort', () => {
      settle();
      reject(
        signal?.aborted
          ? new DOMException('The upload was stopped', 'AbortError')
          : new ApiError(0, 'NETWORK', 'The upload was stopped'),
      );
    });
    request.send(body);
  });
}

/**
 * The frames of each event stream by event name. The document types a stream's answer only as text/event-stream;
 * what its description says each frame holds is written here, once, from the operations it names.
 */
export interface EventStreamFrames {
  /** `event: truscan`, `data:` the state as GET /api/ropes/{id}/truscan answers it. */
  '/api/ropes/{id}/truscan/live': { truscan: AnswerOf<'/api/ropes/{id}/truscan', 'get'> };
}

export type EventStreamPath = keyof EventStreamFrames &
  {
    [P in keyof paths]: paths[P] extends { get: { responses: { 200: { content: { 'text/event-stream': unknown } } } } }
      ? P
      : never;
  }[keyof paths];

/**
 * Listens to an event stream of the API (Server-Sent Events on the page's origin, with the session's cookie): each
 * frame of `event` reaches onFrame parsed as the stream's frames are typed. The browser reconnects after a drop; a
 * frame that is not JSON is skipped. Does nothing where the browser has no EventSource. Answers the function that
 * closes the stream.
 */
export function listenToEvents<P extends EventStreamPath, E extends keyof EventStreamFrames[P] & string>(
  path: P,
  options: ParamsOption<Operation<P, 'get'>> & { event: E; onFrame: (frame: EventStreamFrames[P][E]) => void },
): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource(urlOf(path, options.params));
  source.addEventListener(options.event, (event) => {
    let frame: EventStreamFrames[P][E];
    try {
      frame = JSON.parse((event as MessageEvent<string>).data) as EventStreamFrames[P][E];
    } catch {
      return;
    }
    options.onFrame(frame);
  });
  return () => source.close();
}
