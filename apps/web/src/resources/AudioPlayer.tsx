import type { CSSProperties } from 'react';

/**
 * An audio's native player, named by its field and title (`音频：共读的意义`, spec §9's 音频 where
 * none): the form's preview and the list's cell. Plain HTML so the list page loads no more of antd;
 * preload none so a page of rows fetches nothing until one is played.
 */
export function AudioPlayer({ url, name, style }: { url: string; name: string; style?: CSSProperties }) {
  return <audio src={url} controls preload="none" aria-label={name} style={style} />;
}

/** The player's name: the field's label and the audio's title. */
export const audioName = (label: string, title: string) => `${label}：${title}`;
