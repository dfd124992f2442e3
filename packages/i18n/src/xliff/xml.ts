/**
 * A small, strict XML reader for XLIFF files: elements, attributes, text, the five entities and numeric
 * references, CDATA, comments, the XML declaration. No DTDs and no external entities (a translation file
 * from outside never makes the importer read another file). It throws with the line of the first error.
 */
export interface XmlElement {
  name: string;
  attributes: Readonly<Record<string, string>>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

const entities: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(text: string, line: () => number): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);|&/gi, (match, name: string | undefined) => {
    if (!name) throw new Error(`line ${line()}: a bare "&" (write &amp;)`);
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    const value = entities[name];
    if (value === undefined) throw new Error(`line ${line()}: unknown entity &${name};`);
    return value;
  });
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Parses a document and returns its root element. */
export function parseXml(source: string): XmlElement {
  let position = 0;
  const line = () => source.slice(0, position).split('\n').length;
  const fail = (message: string): never => {
    throw new Error(`line ${line()}: ${message}`);
  };
  const stack: XmlElement[] = [{ name: '#document', attributes: {}, children: [] }];
  const top = () => stack[stack.length - 1] as XmlElement;
  while (position < source.length) {
    const next = source.indexOf('<', position);
    if (next === -1 || next > position) {
      const end = next === -1 ? source.length : next;
      const text = source.slice(position, end);
      if (stack.length === 1) {
        if (text.trim() !== '') fail('text outside the root element');
      } else top().children.push(decodeEntities(text, line));
      position = end;
      continue;
    }
    if (source.startsWith('<!--', position)) {
      const end = source.indexOf('-->', position);
      if (end === -1) fail('an unclosed comment');
      position = end + 3;
    } else if (source.startsWith('<![CDATA[', position)) {
      const end = source.indexOf(']]>', position);
      if (end === -1) fail('an unclosed CDATA section');
      top().children.push(source.slice(position + 9, end));
      position = end + 3;
    } else if (source.startsWith('<?', position)) {
      const end = source.indexOf('?>', position);
      if (end === -1) fail('an unclosed processing instruction');
      position = end + 2;
    } else if (source.startsWith('<!', position)) {
      fail('a DOCTYPE or other declaration (not allowed in a translation file)');
    } else if (source.startsWith('</', position)) {
      const match = /^<\/([\w:.-]+)\s*>/.exec(source.slice(position));
      if (!match) fail('a malformed closing tag');
      const name = match?.[1] ?? '';
      if (stack.length === 1 || top().name !== name) fail(`</${name}> closes <${top().name}>`);
      stack.pop();
      position += match?.[0].length ?? 0;
    } else {
      const match = /^<([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/.exec(
        source.slice(position),
      );
      if (!match) fail('a malformed tag');
      const [whole = '', name = '', rawAttributes = '', selfClosing] = match ?? [];
      const attributes: Record<string, string> = {};
      for (const attribute of rawAttributes.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
        attributes[attribute[1] ?? ''] = decodeEntities(attribute[2] ?? attribute[3] ?? '', line);
      const element: XmlElement = { name, attributes, children: [] };
      if (stack.length === 1 && stack[0]?.children.length) fail('a second root element');
      top().children.push(element);
      if (!selfClosing) stack.push(element);
      position += whole.length;
    }
  }
  if (stack.length > 1) fail(`<${top().name}> is not closed`);
  const root = stack[0]?.children.find((child): child is XmlElement => typeof child !== 'string');
  if (!root) throw new Error('no root element');
  return root;
}

/** The element children named `name` (without a namespace prefix). */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter(
    (child): child is XmlElement => typeof child !== 'string' && child.name.replace(/^.*:/, '') === name,
  );
}
