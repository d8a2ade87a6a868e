import { endpointPath, type Endpoint } from '@rms/contracts/endpoint';
import { validAccessToken } from './token-refresh';
import { apiUrl, type QueryParams } from './transport';

// Files the server writes (report exports): fetched with the session's token, since a plain link
// would carry none, and handed to the browser's download under the given name.

/** Downloads an endpoint's file answer as `fileName`; throws when the server refuses. */
export async function downloadEndpointFile(
  endpoint: Endpoint,
  query: QueryParams,
  fileName: string,
): Promise<void> {
  const token = await validAccessToken();
  const response = await fetch(apiUrl(endpointPath(endpoint, {}), query), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`Export failed (${response.status})`);
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
