// The one script of the mobile variant, on the business page only: the enquiry form's inline
// checks and sending without a reload. Every other mobile page stays script-free.
import { hydrateIslands } from './islands/hydrate';
import { LeadForm } from './islands/lead-form';

hydrateIslands({ 'lead-form': LeadForm });
