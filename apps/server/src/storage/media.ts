import path from 'node:path';
import { execFile } from 'node:child_process';
import sharp from 'sharp';

export interface MediaInfo {
  width: number | null;
  height: number | null;
  /** Seconds. */
  duration: number | null;
}

/** ffprobe lives next to ffmpeg (FFMPEG_PATH=/opt/ffmpeg/bin/ffmpeg → /opt/ffmpeg/bin/ffprobe). */
export const ffprobePath = (ffmpeg: string): string => (ffmpeg.includes('/') ? path.join(path.dirname(ffmpeg), 'ffprobe') : 'ffprobe');

function run(bin: string, args: string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(bin, args, { maxBuffer: 4 * 1024 * 1024, signal }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${path.basename(bin)} failed: ${String(stderr).trim().split('\n').slice(-3).join(' | ') || err.message}`));
      else resolve(stdout);
    });
  });
}

/** Duration and picture size of an audio or video file; nulls when ffprobe cannot read it. */
export async function probeMedia(ffmpeg: string, file: string): Promise<MediaInfo & { hasVideo: boolean; readable: boolean }> {
  try {
    const out = await run(ffprobePath(ffmpeg), ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
    const info = JSON.parse(out) as { format?: { duration?: string }; streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[] };
    const video = info.streams?.find((s) => s.codec_type === 'video' && s.width);
    const d = Number(info.format?.duration ?? video?.duration);
    return {
      width: video?.width ?? null,
      height: video?.height ?? null,
      duration: Number.isFinite(d) ? Math.round(d * 1000) / 1000 : null,
      hasVideo: !!video,
      readable: true,
    };
  } catch {
    return { width: null, height: null, duration: null, hasVideo: false, readable: false };
  }
}

/** Picture size of an image; nulls when sharp cannot decode it. */
export async function probeImage(file: string): Promise<Pick<MediaInfo, 'width' | 'height'> & { readable: boolean }> {
  try {
    const m = await sharp(file).metadata();
    // EXIF orientation 5–8 turns the picture a quarter: the shown size is swapped.
    const turned = (m.orientation ?? 1) >= 5;
    return { width: (turned ? m.height : m.width) ?? null, height: (turned ? m.width : m.height) ?? null, readable: true };
  } catch {
    return { width: null, height: null, readable: false };
  }
}

/** Transcode to H.264/AAC MP4 that browsers play and can seek while loading (faststart). */
export async function transcodeToMp4(ffmpeg: string, input: string, output: string, signal?: AbortSignal): Promise<void> {
  await run(
    ffmpeg,
    [
      '-hide_banner', '-nostdin', '-y', '-i', input,
      '-map', '0:v:0', '-map', '0:a:0?',
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p',
      // H.264 in 4:2:0 wants even dimensions.
      '-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2',
      '-c:a', 'aac', '-b:a', '128k',
      '-movflags', '+faststart', output,
    ],
    signal,
  );
}

/** One frame at `seconds` as a JPEG. */
export async function extractFrame(ffmpeg: string, input: string, seconds: number, output: string): Promise<void> {
  await run(ffmpeg, ['-hide_banner', '-nostdin', '-y', '-ss', String(Math.max(0, seconds)), '-i', input, '-frames:v', '1', '-q:v', '3', output]);
}
