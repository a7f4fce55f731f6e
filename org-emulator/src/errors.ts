// Salesforce REST error bodies are arrays of {message, errorCode, fields?}; this carries one through Koa.
export interface SfErrorItem {
  message: string;
  errorCode: string;
  fields?: string[];
}

export class SfError extends Error {
  constructor(
    public readonly status: number,
    public readonly errorCode: string,
    message: string,
    public readonly fields?: string[],
    /** Further errors of the same answer (an org lists every validation rule a record breaks). */
    public readonly more: readonly SfErrorItem[] = [],
  ) {
    super(message);
  }

  toBody(): SfErrorItem[] {
    const item: SfErrorItem = { message: this.message, errorCode: this.errorCode };
    if (this.fields) item.fields = this.fields;
    return [item, ...this.more];
  }

  /** Collection results name the code `statusCode` instead of `errorCode`; one entry per error. */
  toCollectionErrors(): { statusCode: string; message: string; fields: string[] }[] {
    return this.toBody().map((e) => ({
      statusCode: e.errorCode,
      message: e.message,
      fields: e.fields ?? [],
    }));
  }
}

export const notFound = (message = 'The requested resource does not exist'): SfError =>
  new SfError(404, 'NOT_FOUND', message);
