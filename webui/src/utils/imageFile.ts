/** The pixel size of an image file, read by the browser; null when it cannot be decoded. */
export function imageDimensions(file: Blob): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    const done = (size: { width: number; height: number } | null) => {
      URL.revokeObjectURL(url);
      resolve(size);
    };
    image.onload = () => done({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => done(null);
    image.src = url;
  });
}

/** The image files of a paste (screenshots, copied pictures). */
export function pastedImages(data: DataTransfer | null): File[] {
  if (!data) return [];
  const files: File[] = [];
  for (const item of Array.from(data.items ?? [])) {
    if (item.kind !== 'file' || !item.type.startsWith('image/')) continue;
    const file = item.getAsFile();
    if (file) files.push(file);
  }
  if (files.length === 0) for (const file of Array.from(data.files ?? [])) if (file.type.startsWith('image/')) files.push(file);
  return files;
}

/**
 * A pasted image with a name worth keeping in the media library: browsers call every screenshot
 * "image.png" (or nothing), so those get a time-stamped one.
 */
export function namedForUpload(file: File, now = Date.now()): File {
  if (file.name && file.name !== 'image.png') return file;
  return new File([file], `pasted-${now}.${file.type.split('/')[1] || 'png'}`, { type: file.type });
}
