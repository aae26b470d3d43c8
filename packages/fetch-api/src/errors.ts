/** A non-2xx answer from the API: the status text as message, the parsed body as details. */
export class ResponseError extends Error {
  readonly status: number;
  readonly response: Response;
  /** The `meta` of the error envelope, when the body was one. */
  readonly details: { status?: number; msg?: string; error_code?: string } | undefined;

  constructor(response: Response, details: ResponseError['details']) {
    super(details?.msg ?? response.statusText);
    this.name = 'ResponseError';
    this.status = response.status;
    this.response = response;
    this.details = details;
  }

  /** Jiffy's stable error code (e.g. `invalid_api_key`), when the server sent one. */
  get code(): string | undefined {
    return this.details?.error_code;
  }
}

/** The request never got an answer (network down, blocked, aborted). */
export class PublicAPIError extends Error {
  constructor(message = 'Error fetching data from a Public API', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PublicAPIError';
  }
}
