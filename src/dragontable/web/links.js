// The token of a mailed link (/account/confirm#<token>, /account/reset#<token>): read from
// the fragment, then taken out of the address bar and the history.
export function linkToken() {
  const token = decodeURIComponent(location.hash.slice(1));
  if (token) history.replaceState(history.state, "", location.pathname + location.search);
  return token;
}
