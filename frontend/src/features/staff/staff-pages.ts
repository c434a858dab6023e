/** The owner's pages of the staff feature, a chunk of their own inside the seller area. */
export { StaffRoute } from './routes/staff';
export { ActivityRoute } from './routes/activity';
export { StaffPasswordRoute } from './routes/password';
