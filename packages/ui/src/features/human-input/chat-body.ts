/** The multipart body of a chat message: `chatId`, `message` and `file[i]` for each attached file. */

/** What a chat page sends for one message. */
export function chatMessageBody(chatId: string, message: string, files: readonly File[]): FormData {
  const body = new FormData();
  body.append('chatId', chatId);
  body.append('message', message);
  files.forEach((file, index) => body.append(`file[${String(index)}]`, file, file.name));
  return body;
}
