// The feature's public file: other features and the router import it, never the files behind it (lazy screens,
// sections and dialogs excepted: .dependency-cruiser.cjs).
export { ReportButtons } from './components/report-buttons';
export { ReportProgress } from './components/report-progress';
export { useReportMaker } from './use-report-maker';
