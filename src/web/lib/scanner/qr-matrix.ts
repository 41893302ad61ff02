// The matrix code is shared with the server's label PDFs; the web app keeps this path.
export * from '../../../common/qr-matrix.ts';
