import { documentFileName } from '@repo/shared/domain/gst';
import type { INVOICE_KINDS, OwnerDocumentDto, OwnerDocumentsPage } from '@repo/shared/schemas/gst';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { download } from './download';

export type DocumentKind = (typeof INVOICE_KINDS)[number];

/** The documents list's month (yyyy-MM, India date of issue) and filters, as the URL keeps them. */
export type DocumentFilters = { month: string; stayId?: string; kind?: DocumentKind };

/** One booking's documents (its reservation page): every month, every kind. */
export const useBookingDocuments = (bookingId: string) =>
  useQuery({
    queryKey: queryKeys.admin.owner.documents({ bookingId }),
    queryFn: ({ signal }) => api<OwnerDocumentsPage>('/admin/documents', { auth: 'admin', query: { bookingId }, signal }),
    select: (data) => data.documents,
  });

/** One page of the tax documents of the admin's stays (GET /api/admin/documents). */
export const getOwnerDocuments = (filters: DocumentFilters, page: number, signal?: AbortSignal) =>
  api<OwnerDocumentsPage>('/admin/documents', { auth: 'admin', query: { ...filters, page }, signal });

export const useOwnerDocuments = (filters: DocumentFilters, page: number) =>
  useQuery({
    queryKey: queryKeys.admin.owner.documents({ ...filters, page }),
    queryFn: ({ signal }) => getOwnerDocuments(filters, page, signal),
    placeholderData: keepPreviousData,
  });

/** Downloads one document's PDF as issued (GET /api/admin/documents/:id/file). */
export const useDownloadDocument = () =>
  useMutation({
    mutationFn: (doc: Pick<OwnerDocumentDto, 'id' | 'number' | 'supplierName' | 'supplierGstin'>) =>
      download(`/admin/documents/${doc.id}/file`, {
        auth: 'admin',
        fallbackName: documentFileName(doc.number, { name: doc.supplierName, gstin: doc.supplierGstin }),
      }),
  });

/** Downloads every document of a month (of one stay when asked) as a ZIP (GET /api/admin/documents/archive). */
export const useDownloadArchive = () =>
  useMutation({
    mutationFn: ({ month, stayId }: Pick<DocumentFilters, 'month' | 'stayId'>) =>
      download('/admin/documents/archive', {
        auth: 'admin',
        query: { month, stayId },
        fallbackName: `documents-${month}.zip`,
      }),
  });
