export * from './model';
export { reportDocument, type ReportImages } from './document';
export { REPORT_TEXTS, reportTexts, type ReportTexts } from './texts';
