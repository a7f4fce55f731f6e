export * from './model';
export { reportDocument, REPORT_TEXTS, type ReportImages } from './document';
