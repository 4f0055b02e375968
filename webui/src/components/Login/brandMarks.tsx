// Small marks of the social login providers (lucide has no brand icons).

export function WechatMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden>
      <path
        fill="#07C160"
        d="M9.1 3.5C4.9 3.5 1.5 6.3 1.5 9.8c0 2 1.1 3.7 2.9 4.9l-.7 2.2 2.6-1.4c.9.3 1.8.4 2.8.4h.6a5.6 5.6 0 0 1-.2-1.5c0-3.4 3.2-6.1 7.2-6.1h.6C16.6 5.6 13.2 3.5 9.1 3.5Zm-2.6 3.7a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8Zm5.1 0a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8Z"
      />
      <path
        fill="#07C160"
        d="M22.5 14.3c0-2.9-2.9-5.2-6.3-5.2s-6.3 2.3-6.3 5.2 2.9 5.2 6.3 5.2c.7 0 1.4-.1 2-.3l2.1 1.1-.6-1.8c1.7-1 2.8-2.5 2.8-4.2Zm-8.4-.8a.8.8 0 1 1 0-1.5.8.8 0 0 1 0 1.5Zm4.2 0a.8.8 0 1 1 0-1.5.8.8 0 0 1 0 1.5Z"
      />
    </svg>
  );
}

export function GithubMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden>
      <path
        fill="currentColor"
        d="M12 1.5a10.5 10.5 0 0 0-3.3 20.5c.5.1.7-.2.7-.5v-1.8c-2.9.6-3.5-1.4-3.5-1.4-.5-1.2-1.2-1.5-1.2-1.5-1-.7.1-.7.1-.7 1 .1 1.6 1.1 1.6 1.1.9 1.6 2.5 1.2 3.1.9.1-.7.4-1.2.7-1.4-2.3-.3-4.8-1.2-4.8-5.2 0-1.1.4-2.1 1.1-2.8-.1-.3-.5-1.3.1-2.8 0 0 .9-.3 2.9 1.1a10 10 0 0 1 5.2 0c2-1.4 2.9-1.1 2.9-1.1.6 1.5.2 2.5.1 2.8.7.7 1.1 1.7 1.1 2.8 0 4-2.5 4.9-4.8 5.2.4.3.7 1 .7 2v2.9c0 .3.2.6.7.5A10.5 10.5 0 0 0 12 1.5Z"
      />
    </svg>
  );
}

export function GoogleMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden>
      <path fill="#4285F4" d="M22.1 12.2c0-.7-.1-1.4-.2-2H12v3.9h5.7a4.9 4.9 0 0 1-2.1 3.2v2.6h3.4c2-1.8 3.1-4.5 3.1-7.7Z" />
      <path fill="#34A853" d="M12 22.5c2.8 0 5.2-.9 7-2.6l-3.4-2.6c-.9.6-2.1 1-3.6 1-2.8 0-5.1-1.9-5.9-4.4H2.6v2.7A10.5 10.5 0 0 0 12 22.5Z" />
      <path fill="#FBBC05" d="M6.1 13.9a6.3 6.3 0 0 1 0-4V7.2H2.6a10.5 10.5 0 0 0 0 9.4l3.5-2.7Z" />
      <path fill="#EA4335" d="M12 5.7c1.5 0 2.9.5 4 1.6l3-3A10.5 10.5 0 0 0 2.6 7.2l3.5 2.7C6.9 7.5 9.2 5.7 12 5.7Z" />
    </svg>
  );
}
