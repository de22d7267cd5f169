/**
 * The operator's duty of care, printed in German on every report: the supervising authorities the reports go to
 * (BAV, BMK and the German Länder) read the declaration in the language of their regulations.
 */
export const DUTY_OF_CARE_HEADING = 'Sorgfaltspflicht des Betreibers';

export const DUTY_OF_CARE_TEXT =
  'Der Betreiber der Anlage trägt die Verantwortung für den sicheren Betrieb und die ordnungsgemäße Instandhaltung ' +
  'der Seile. Mit seiner Unterschrift bestätigt er, dass die in diesem Bericht aufgeführten Seile nach den geltenden ' +
  'Vorschriften, den anerkannten Regeln der Technik und den Vorgaben des Herstellers geprüft wurden und dass die ' +
  'festgestellten Schäden, Reparaturen und Spleißzustände vollständig und wahrheitsgemäß dokumentiert sind. ' +
  'Festgestellte Mängel sind unverzüglich zu beheben; ist die Ablegereife nach der maßgebenden Norm erreicht oder ' +
  'die Sicherheit nicht mehr gewährleistet, ist die Anlage bis zur Behebung außer Betrieb zu nehmen. Dieser Bericht ' +
  'ersetzt nicht die Beurteilung durch eine sachkundige Person und ist der Aufsichtsbehörde auf Verlangen vorzulegen.';
