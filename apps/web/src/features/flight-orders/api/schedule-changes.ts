import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NoticeListAnswer, ScheduleNotice } from '@portal/contract/api/after-sales';
import { api } from '../../../lib/api';
import { NOTICES_PATH, noticePath, orderKeys, type NoticeListParams } from './order-keys';

/** Airline schedule changes on the agency's orders: the open ones (default) or all, a page at a time. */
export function useNotices(params: NoticeListParams) {
  return useQuery({
    queryKey: orderKeys.noticeList(params),
    queryFn: ({ signal }) => api.get<NoticeListAnswer>(NOTICES_PATH, { params: { ...params }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/** How many notices wait for an answer, for the menu badge (the total of a one-item page). */
export function useOpenNoticeCount() {
  return useQuery({
    queryKey: orderKeys.openNoticeCount(),
    queryFn: ({ signal }) => api.get<NoticeListAnswer>(NOTICES_PATH, { params: { status: 'open', page: 1, pageSize: 1 }, signal }).then((a) => a.total),
    refetchInterval: 60_000,
  });
}

export type NoticeAnswer = 'accept' | 'refuse';

/** Accepts the airline's new flights, or refuses them (then an involuntary refund or a free change may be asked). */
export function answerNotice(id: string, answer: NoticeAnswer, remark: string | null): Promise<ScheduleNotice> {
  return api.post<ScheduleNotice>(`${noticePath(id)}/${answer}`, { remark });
}
