import type { UploadedAsset } from '#shared/admin';
import { apiUpload } from '../../../../lib/api-client';

/** POST /admin/uploads: an image stored as the brand's asset; its address goes into a field. */
export const uploadImage = (file: File) => apiUpload<UploadedAsset>('/admin/uploads', file);
