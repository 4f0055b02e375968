const BOT_PATTERN =
  /bot|crawl|spider|slurp|archiver|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|lighthouse|headlesschrome\/.*pagespeed|yandex|baidu|semrush|ahrefs/i;

/** True for crawler user agents; they get no rendered error page. */
export function isBot(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return BOT_PATTERN.test(userAgent);
}
