import { createSendbookClient } from '@sendbook/api-contract';
import { apiUrl } from './api-url';

/** The one typed client of the API: every path, parameter and answer checked against the generated contract. */
export const serverApi = () => createSendbookClient({ baseUrl: apiUrl() });
