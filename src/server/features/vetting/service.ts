/** The vetting feature's public surface: other features import only this file. */
export { decideOrganisation, decideVolunteer, listOrganisations, listVolunteers } from './decisions'
