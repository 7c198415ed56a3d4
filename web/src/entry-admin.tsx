// The script of the sales page (/admin/leads): the enquiry table.
import { hydrateIslands } from './islands/hydrate';
import { LeadAdmin } from './islands/lead-admin';

hydrateIslands({ 'lead-admin': LeadAdmin });
