import { useState } from 'react';
import { Button, Empty, Flex, List, Select, Spin, Tag } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { api, useApiMutation, useApiQuery } from '../../shared/api';
import { AppModal } from '../../shared/AppModal';
import { findDeclaration, resourceQueryKey, type Row } from '../../resources';
import { albumsKey, albumsPath, sortAlbumsPath, type Album, type AlbumsList } from './homeApi';
import * as T from './texts';

const MODULES = findDeclaration('homeModules');

/** The list with the item at `from` moved to `to`. */
function move<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x);
  return out;
}

/**
 * A module's 专辑 (`albums_list`, `sort_albums`): the groups it shows, in order — added from the
 * organisation's groups of the module's kind, moved up or down, removed — saved as one list.
 */
export default function AlbumsDialog({ org, module, onClose }: { org: string; module: Row; onClose: () => void }) {
  const id = module.id as number;
  const list = useApiQuery<AlbumsList>(albumsKey(org, id), albumsPath(org, id));
  const [edited, setEdited] = useState<Album[] | null>(null);
  const chosen = edited ?? list.data?.chosen ?? [];
  const save = useApiMutation((ids: number[]) => api.post(sortAlbumsPath(org, id), { ids }), {
    successMessage: T.ALBUMS_SAVED,
    invalidate: [albumsKey(org, id), resourceQueryKey(MODULES)],
    onSuccess: onClose,
  });
  const taken = new Set(chosen.map((a) => a.id));
  const options = (list.data?.candidates ?? []).filter((c) => !taken.has(c.id)).map((c) => ({ value: c.id, label: c.is_pause ? `${c.name}${T.ALBUM_PAUSED}` : c.name }));
  const add = (albumId: number) => {
    const album = list.data?.candidates.find((c) => c.id === albumId);
    if (album) setEdited([...chosen, album]);
  };
  return (
    <AppModal
      open
      title={T.ALBUMS_TITLE(String(module.title ?? ''))}
      onCancel={onClose}
      onOk={() => save.mutate(chosen.map((a) => a.id))}
      okText={T.SAVE}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: !list.data }}
    >
      {!list.data ? (
        <Spin />
      ) : (
        <Flex vertical gap={12}>
          <span>{T.ALBUMS_HINT}</span>
          <Select aria-label={T.ALBUM_ADD} placeholder={T.ALBUM_ADD_PLACEHOLDER} options={options} value={null} onChange={add} showSearch optionFilterProp="label" />
          {chosen.length === 0 ? (
            <Empty description={T.ALBUMS_EMPTY} />
          ) : (
            <List
              size="small"
              bordered
              dataSource={chosen}
              renderItem={(a, i) => (
                <List.Item
                  data-testid="album-item"
                  actions={[
                    <Button key="up" size="small" type="text" icon={<ArrowUpOutlined />} aria-label={`${T.ALBUM_UP}：${a.name}`} disabled={i === 0} onClick={() => setEdited(move(chosen, i, i - 1))} />,
                    <Button key="down" size="small" type="text" icon={<ArrowDownOutlined />} aria-label={`${T.ALBUM_DOWN}：${a.name}`} disabled={i === chosen.length - 1} onClick={() => setEdited(move(chosen, i, i + 1))} />,
                    <Button key="remove" size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`${T.ALBUM_REMOVE}：${a.name}`} onClick={() => setEdited(chosen.filter((x) => x.id !== a.id))} />,
                  ]}
                >
                  <span>
                    {i + 1}. {a.name} {a.is_pause ? <Tag>{T.ALBUM_PAUSED}</Tag> : null}
                  </span>
                </List.Item>
              )}
            />
          )}
        </Flex>
      )}
    </AppModal>
  );
}
