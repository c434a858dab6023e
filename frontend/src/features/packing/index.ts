export { SubstitutionPreference } from './components/substitution-preference';
export { PackOrder } from './components/pack-order';
export { PackingChanges, packedNote } from './components/packing-changes';
export { canReportProblem, ReportProblem } from './components/report-problem';
export { IssueOutcome } from './components/issue-outcome';
export { SellerIssues } from './components/seller-issues';
export { useSellerIssues } from './api/issues';
