/** A file-name-safe, lower-case form of a name: `OrderRepository.findById` → `orderrepository.findbyid`. */
export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9.]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '') || 'x'
  );
}
