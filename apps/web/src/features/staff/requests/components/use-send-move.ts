import { useState } from 'react';
import { ordinal, requestStateLabels } from '@noise/shared/requests';
import { toastApiError } from '@/lib/api-client';
import { useMoveRequest, type BoardMove } from '../api/move-request';

/**
 * Sends a move (a card's drop or its 'Move to…' choice). When someone else moved the request
 * meanwhile, nothing changes and `notice` says where it now is. The board and a request's page
 * move with it.
 */
export function useSendMove() {
  const move = useMoveRequest();
  const [notice, setNotice] = useState<string | null>(null);
  function send(next: BoardMove) {
    setNotice(null);
    move.mutate(next, {
      onSuccess: (result) => {
        if (!result.moved) {
          const now = result.request;
          setNotice(
            `‘${now.title}’ was moved by someone else meanwhile: it is ${requestStateLabels[now.state]}${
              now.state === 'queued' && now.queuePlace
                ? ` (${ordinal(now.queuePlace)} in queue)`
                : ''
            } now. Move it again if you still want to.`,
          );
        }
      },
      onError: (error) => toastApiError(error, 'Could not move the request'),
    });
  }
  return { send, notice, busy: move.isPending };
}
