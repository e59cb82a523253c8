import { AGREEMENT } from '../../../../shared/agreement';

/** A complete intake form, as a client sends it (PUT /intake), agreeing to the current terms. */
export const INTAKE = {
  dateOfBirth: '1988-07-14',
  address: '3 Elm Row\nBristol BS2 8AA',
  phone: '07700 900123',
  gp: { name: 'Dr Hollis', surgery: 'Elm Row Surgery' },
  emergencyContact: { name: 'Sam Pike', relationship: 'Partner', phone: '07700 900456' },
  agreement: {
    version: AGREEMENT.version,
    treatment: true,
    confidentiality: true,
    cancellation: true,
  },
};
