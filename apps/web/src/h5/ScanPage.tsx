import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from 'antd-mobile';
import { qrDecoder, readQrFile, type QrDecoder } from '../shared/qrDecode';
import { CodeCreditPage } from './kinds/scanCodes/CodeCreditPage';
import { useReaderSession } from './reader';
import { readScanned } from './scanned';
import { H5Page } from './H5Page';
import { H5_TEXTS as T } from './texts';

/** How often the camera's picture is read (4 times a second). */
const READ_EVERY_MS = 250;

/**
 * `/{org}/h5/scan`: 扫一扫 without a query; with `code`/`sign` (a scan code's link, the spec's
 * `/{org}/scan?…` redirected here) the code's credit (kinds/scanCodes).
 */
export function ScanPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const sign = params.get('sign');
  if (code !== null || sign !== null) return <CodeCreditPage code={code?.trim() ?? ''} sign={sign?.trim() ?? ''} />;
  return <Scanner />;
}

type CameraState = 'starting' | 'on' | 'off';

/**
 * 扫一扫 (issue 27): the phone's back camera (getUserMedia, facingMode environment) read four times
 * a second by the browser's QR reader or jsqr (shared/qrDecode.ts, loaded with this page), and
 * 从相册选择 (a picture decoded the same way) whether or not there is a camera. What is read is acted
 * on by `readScanned`: a page of the app opens, anything else is shown as text.
 */
function Scanner() {
  const { org } = useReaderSession();
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<CameraState>('starting');
  const [problem, setProblem] = useState('');
  const [text, setText] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [pictureProblem, setPictureProblem] = useState('');

  const act = useCallback(
    (value: string) => {
      const got = readScanned(value, org, window.location.origin);
      if ('to' in got) navigate(got.to);
      else setText(got.text);
    },
    [org, navigate],
  );

  // The camera runs while no text is shown; it stops at the first code read, on leaving, or when refused.
  useEffect(() => {
    if (text !== null) return;
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem(T.cameraMissing);
      setCamera('off');
      return;
    }
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer = 0;
    const stop = () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
    const tick = async (decoder: QrDecoder) => {
      if (stopped) return;
      const v = video.current;
      if (v && v.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        const value = await decoder.read(v).catch(() => null);
        if (stopped) return;
        if (value) {
          stop();
          setCamera('off');
          return act(value);
        }
      }
      timer = window.setTimeout(() => void tick(decoder), READ_EVERY_MS);
    };
    setCamera('starting');
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return stop();
        video.current.srcObject = s;
        await video.current.play();
        const decoder = await qrDecoder();
        if (stopped) return;
        setCamera('on');
        void tick(decoder);
      })
      .catch((e: unknown) => {
        if (stopped) return;
        stop();
        const name = e instanceof DOMException ? e.name : '';
        setProblem(name === 'NotAllowedError' || name === 'SecurityError' ? T.cameraDenied : T.cameraMissing);
        setCamera('off');
      });
    return stop;
  }, [text, act]);

  const onPicture = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same picture may be chosen again
    if (!file) return;
    setPictureProblem('');
    setReading(true);
    const value = await readQrFile(file).catch(() => null);
    setReading(false);
    if (value) act(value);
    else setPictureProblem(T.noCodeInPicture);
  };

  return (
    <H5Page title={T.scan} testId="h5-scan">
      {text !== null ? (
        <section className="h5-panel" aria-labelledby="h5-scanned">
          <h2 id="h5-scanned">{T.scannedText}</h2>
          <p className="h5-scanned" data-testid="scanned-text">
            {text}
          </p>
          <p className="h5-muted">{T.notForApp}</p>
          <Button block size="large" onClick={() => setText(null)}>
            {T.scanAgain}
          </Button>
        </section>
      ) : problem ? (
        <p role="alert" className="h5-refusal" data-testid="camera-problem">
          {problem}
        </p>
      ) : (
        <section className="h5-panel">
          <div className="h5-camera">
            <video ref={video} muted playsInline aria-label={T.cameraView} data-testid="camera" />
          </div>
          <p className="h5-muted" role="status">
            {camera === 'on' ? T.aim : T.cameraStarting}
          </p>
        </section>
      )}
      <label className="h5-file h5-panel">
        {reading ? T.readingPicture : T.fromAlbum}
        <input type="file" accept="image/*" onChange={(e) => void onPicture(e)} disabled={reading} />
      </label>
      {pictureProblem && (
        <p role="alert" className="h5-refusal">
          {pictureProblem}
        </p>
      )}
    </H5Page>
  );
}
