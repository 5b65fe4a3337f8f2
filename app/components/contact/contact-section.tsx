/** The home page's contact section (the contact form lands with the contact work). */
export function ContactSection() {
  return <section id="contact" aria-labelledby="contact-title" className="scroll-mt-24" />;
}
