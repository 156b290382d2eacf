/** The organisations feature's public surface: other features import only this file. */
export {
  addOrganisation,
  organisationExport,
  organisationOf,
  ownOrganisation,
  publicOrganisations,
  removeOrganisationOf,
  type VerifiedOrganisation,
  verifiedOrganisation,
  verifiedOrganisationsIn,
} from './organisations'
