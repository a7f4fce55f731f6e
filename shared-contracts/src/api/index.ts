export * from './envelope';
export * from './bff-error';
export * from './http';
export * from './routes';
export {
  SF_ID_PATTERN,
  API_NAME_PATTERN,
  SUBMISSION_ID_PATTERN,
  FORM_SUBMISSION_IDENTIFIER_PATTERN,
  CONTENT_FILE_NAME_PATTERN,
  HTTP_URL_PATTERN,
  type JsonSchema as ApiJsonSchema,
} from './schemas';
export * from './device-policy';
export * from './route-types';
export * from './route-call';
