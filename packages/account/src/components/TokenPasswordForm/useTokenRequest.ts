import { useEffect, useState } from 'react';
import { linkRefusal, type ApiError, type LinkRefusal, type TokenRequest } from '@pre-admission/api';

type Read = (
  token: string,
) => Promise<{ ok: true; data: TokenRequest } | { ok: false; failure: 'invalidToken'; error: ApiError }>;

export type TokenState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly email: string }
  | { readonly status: 'invalid'; readonly refusal: LinkRefusal }
  | { readonly status: 'failed'; readonly error: unknown };

/** Reads a registration or reset request by its token once per token; a late answer for an old token is dropped. */
export function useTokenRequest(token: string, read: Read): TokenState {
  const [state, setState] = useState<TokenState & { token: string }>({ status: 'loading', token });
  useEffect(() => {
    let current = true;
    read(token).then(
      (outcome) => {
        if (!current) return;
        setState(
          outcome.ok
            ? { status: 'ready', email: outcome.data.email, token }
            : { status: 'invalid', refusal: linkRefusal(outcome.error), token },
        );
      },
      (error: unknown) => {
        if (current) setState({ status: 'failed', error, token });
      },
    );
    return () => {
      current = false;
    };
    // `read` is a bound adapter operation; a new function for the same token must not read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);
  return state.token === token ? state : { status: 'loading' };
}
