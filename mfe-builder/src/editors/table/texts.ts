import { defineTexts } from 'shared-contracts';

/**
 * The table editor's and its modals' texts (the buttons and modal titles are the builder spec's
 * words), in English; the catalogs in src/i18n translate them (issue 44).
 */
export const TABLE_EDITOR_TEXTS = defineTexts('tableEditor', {
  table: (title: string) => `Table ${title}`,
  addRow: 'Add Row',
  removeRow: 'Remove Row',
  addColumn: 'Add Column',
  removeColumn: 'Remove Column',
  updateHeader: 'Update Header',
  deleteTable: 'Delete table',
  selectColumn: (title: string) => `Select column ${title}`,
  doubleClickToEdit: 'Double-click to edit',
  resizeColumn: (title: string) => `Resize column ${title}`,
  /** A cell: 'Gauge row 2'. */
  cell: (column: string, row: number) => `${column} row ${row}`,
  showError: (cell: string) => `Show error of ${cell}`,
  editColumnForm: 'Edit column',
  editColumn: 'Edit Column',
  columnName: 'Column Name',
  updateHeaderForm: 'Update header',
  header: 'Header',
  relationshipName: 'Relationship Name',
  editTableForm: 'Edit table',
  editTable: 'Edit Table',
  apiName: 'API Name',
  required: 'Required',
  readOnly: 'Read Only',
} as const);
