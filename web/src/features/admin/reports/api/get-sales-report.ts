import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SalesReport } from '#shared/admin-money';
import { API_BASE_PATH } from '#shared/constants';
import { apiGet } from '../../../../lib/api-client';
import { adminKeys, type ReportParams } from '../../shared/api/admin-keys';

export type { ReportParams };

const reportQuery = (params: ReportParams) => new URLSearchParams({ ...params }).toString();

/** GET /admin/reports: sales between two dates, grouped by day, agent, airline or route. */
export const getSalesReport = (params: ReportParams) =>
  apiGet<SalesReport>(`/admin/reports?${reportQuery(params)}`);

export const salesReportQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: adminKeys.report(params),
    queryFn: () => getSalesReport(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useSalesReport = (params: ReportParams) => useQuery(salesReportQueryOptions(params));

/** The same report as CSV (the session cookie authorises the download). */
export const reportCsvUrl = (params: ReportParams) =>
  `${API_BASE_PATH}/admin/reports.csv?${reportQuery(params)}`;
