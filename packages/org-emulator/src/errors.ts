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
  ) {
    super(message);
  }

  toBody(): SfErrorItem[] {
    const item: SfErrorItem = { message: this.message, errorCode: this.errorCode };
    if (this.fields) item.fields = this.fields;
    return [item];
  }

  /** Collection results name the code `statusCode` instead of `errorCode`. */
  toCollectionError(): { statusCode: string; message: string; fields: string[] } {
    return { statusCode: this.errorCode, message: this.message, fields: this.fields ?? [] };
  }
}

export const notFound = (message = 'The requested resource does not exist'): SfError =>
  new SfError(404, 'NOT_FOUND', message);
